// First: tracing instruments modules as they load, so it starts before them (decision 0075).
import '@upright/platform/tracing';
import 'reflect-metadata';
import { startService } from '@upright/platform';
import { reportsService } from './service';

void startService(reportsService);
