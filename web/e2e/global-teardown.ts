export default async function globalTeardown(): Promise<void> {
  await globalThis.__UPRIGHT_E2E_STACK__?.stop();
}
