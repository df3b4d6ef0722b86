/** A clean storefront lot at dawn, drawn inline so the hero needs no image request. */
export function HeroIllustration() {
  return (
    <div className="relative mx-auto w-full max-w-xl" aria-hidden="true">
      <svg viewBox="0 0 560 420" className="w-full overflow-hidden rounded-[28px] shadow-xl">
        <defs>
          <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#60b4fa" />
            <stop offset="1" stopColor="#dbeefe" />
          </linearGradient>
        </defs>
        <rect width="560" height="420" rx="28" fill="url(#hero-sky)" />
        <circle cx="455" cy="80" r="34" fill="#fde68a" />
        <path d="M0 150 Q140 120 280 150 T560 150 V190 H0z" fill="#93d0fd" opacity=".7" />
        <rect x="60" y="120" width="440" height="120" fill="#f5f5f4" />
        <rect x="60" y="106" width="440" height="16" fill="#1e428a" />
        <rect x="200" y="78" width="160" height="30" rx="6" fill="#0f1f44" />
        <text x="280" y="99" fontFamily="system-ui, sans-serif" fontSize="14" fontWeight="700" fill="#fff" textAnchor="middle">
          LAKESIDE PLAZA
        </text>
        {[0, 1, 2, 3, 4].map((i) => (
          <rect key={i} x={84 + i * 84} y="140" width="60" height="60" rx="3" fill="#bfe2fe" />
        ))}
        <rect x="0" y="240" width="560" height="180" rx="0" fill="#475569" />
        <rect x="0" y="240" width="560" height="10" fill="#cbd5e1" />
        {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <rect key={i} x={30 + i * 70} y="270" width="4" height="90" fill="#f8fafc" opacity=".85" />
        ))}
        <rect x="48" y="290" width="44" height="64" rx="10" fill="#1d5ed8" />
        <rect x="258" y="290" width="44" height="64" rx="10" fill="#22a06b" />
        <rect x="398" y="290" width="44" height="64" rx="10" fill="#e2e8f0" />
        <g transform="translate(150 330)">
          <rect x="-6" y="-44" width="36" height="44" rx="6" fill="#22a06b" />
          <circle cx="12" cy="-58" r="12" fill="#fcd34d" />
          <rect x="26" y="-40" width="6" height="52" rx="3" fill="#0f1f44" transform="rotate(20 29 -14)" />
        </g>
        <path d="M0 392 H560" stroke="#fde047" strokeWidth="6" strokeDasharray="24 18" />
      </svg>
      <div className="absolute -bottom-5 left-4 rounded-xl bg-white px-4 py-3 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
        <p className="text-2xl font-bold text-slate-900 dark:text-white">24 hr</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">callback on every request</p>
      </div>
    </div>
  );
}
