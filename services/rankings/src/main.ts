import 'reflect-metadata';
import { startService } from '@upright/platform';
import { rankingsService } from './service';

void startService(rankingsService);
