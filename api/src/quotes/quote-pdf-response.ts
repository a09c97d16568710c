import type { Response } from 'express';
import { quotePdfFilename } from './quote-email.ts';

/** A quote's PDF as a download named after its version. */
export function sendPdf(res: Response, pdf: Buffer, version: number): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${quotePdfFilename(version)}"`);
  res.send(pdf);
}
