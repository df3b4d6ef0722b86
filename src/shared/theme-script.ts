import { DEFAULT_THEME, THEME_STORAGE_KEY } from './constants';

/**
 * Runs in <head> before the first paint, so a stored dark theme never flashes light.
 * The server allows it in the Content-Security-Policy by its SHA-256 hash.
 */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t!=='dark'&&t!=='light')t=${JSON.stringify(DEFAULT_THEME)};var d=document.documentElement;d.classList.add(t);d.style.colorScheme=t}catch(e){document.documentElement.classList.add(${JSON.stringify(DEFAULT_THEME)})}})()`;
