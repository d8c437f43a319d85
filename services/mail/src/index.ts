/** The mail service's entry point: its process definition (main.ts starts it). */
export { mailService } from './service';
