/** The API key lives in this tab's session only: closing the tab signs out. */
const KEY = 'atelier.apiKey';

export function storedKey(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeKey(key: string | null): void {
  if (key) sessionStorage.setItem(KEY, key);
  else sessionStorage.removeItem(KEY);
}
