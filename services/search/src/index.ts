/** The search service's entry point: its process definition (main.ts starts it). */
export { searchService } from './service';
