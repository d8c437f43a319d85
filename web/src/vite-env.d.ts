/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_SAMPLE_DATA?: string;
  readonly VITE_OPERATOR_NAME?: string;
  readonly VITE_OPERATOR_FUNDING?: string;
  readonly VITE_OPERATOR_CONTACT?: string;
}

declare module 'altcha/workers/*?worker' {
  const WorkerConstructor: { new (): Worker };
  export default WorkerConstructor;
}
