/** The accounts service's entry point: its process definition (main.ts starts it). */
export { accountsService } from './service';
