import 'reflect-metadata';
import { startService } from '@upright/platform';
import { searchService } from './service';

void startService(searchService);
