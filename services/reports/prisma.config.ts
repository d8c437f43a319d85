import { definePrismaConfig } from '../../infra/local/prisma-config';

export default definePrismaConfig(__dirname);
