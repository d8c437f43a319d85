import 'reflect-metadata';
import { startService } from '@upright/platform';
import { reportsService } from './service';

void startService(reportsService);
