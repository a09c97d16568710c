import type { Response } from 'express';

/** `pdf` as a download named `filename` (a name of ours: no quotes or line breaks in it). */
export function sendPdfDownload(res: Response, pdf: Buffer, filename: string): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.send(pdf);
}
