/** The BFF's entry point: its process definition (main.ts starts it). */
export { bffService } from './service';
