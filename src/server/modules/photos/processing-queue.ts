import { BusyError } from '../../errors';

export const PHOTOS_BUSY_MESSAGE = 'We are busy processing photos. Please try again in a few seconds.';
/** A queue of PHOTO_QUEUE_MAX photos at PHOTO_PROCESSING_CONCURRENCY takes a few seconds to drain. */
export const PHOTOS_BUSY_RETRY_SECONDS = 5;

export interface PhotoProcessingLimits {
  /** Photos decoded at once (each can take a few hundred MB while sharp works on it). */
  concurrency: number;
  /** Photos waiting for a turn; one more is refused with 503 and Retry-After, never held in memory. */
  maxWaiting: number;
}

export const PHOTO_PROCESSING_DEFAULTS: PhotoProcessingLimits = { concurrency: 2, maxWaiting: 8 };

/**
 * A small bounded queue: at most `concurrency` tasks run, at most `maxWaiting` wait, and any
 * more are refused at once with a BusyError (503). A burst of large uploads therefore costs a
 * known amount of memory instead of one decode per request, which could end the process.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private limits: PhotoProcessingLimits,
    /** What a refused task is told (the photos' message by default). */
    private readonly busy: { message: string; retryAfterSeconds: number } = {
      message: PHOTOS_BUSY_MESSAGE,
      retryAfterSeconds: PHOTOS_BUSY_RETRY_SECONDS,
    },
  ) {}

  configure(limits: PhotoProcessingLimits) {
    this.limits = limits;
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Whether a task started now would be refused. */
  get full(): boolean {
    return this.running >= this.limits.concurrency && this.waiting.length >= this.limits.maxWaiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) this.running++;
    else if (this.waiting.length < this.limits.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new BusyError(this.busy.message, this.busy.retryAfterSeconds);
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never exceeds the limit.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * One queue for the process: memory and CPU are the process's, whichever route, job or
 * command the photo comes from. The photos plugin sets its limits from the config.
 */
export const photoProcessing = new BoundedQueue(PHOTO_PROCESSING_DEFAULTS);
