/** The reports service's entry point: its process definition (main.ts starts it). */
export { reportsService } from './service';
