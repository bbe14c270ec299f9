/** Reads every 50 ms until `check` holds or `timeoutMs` passes, and returns the last value read either way. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}
