import { Module } from '@nestjs/common';
import { CaptchaController } from './captcha.controller';

/** The captcha challenges the forms solve (verified by the auth library). */
@Module({ controllers: [CaptchaController] })
export class CaptchaModule {}
