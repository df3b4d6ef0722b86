import type { Executor } from '../../db/executor';
import { estimatePdfFileName, renderEstimatePdf } from './estimate-pdf';
import type { EstimateFile } from './estimate-responses';
import { signedEstimatePdf } from './estimate-responses';
import { publicEstimateOf } from './estimate-sending';
import { getEstimate } from './estimate-views';

/**
 * The console's "Download PDF": the estimate as the prospect sees it (a draft too, to check it
 * before it goes), or the signed copy with its acceptance page once it is accepted.
 */
export async function estimatePdfForStaff(db: Executor, appUrl: URL, id: string): Promise<EstimateFile> {
  const estimate = await getEstimate(db, id);
  if (estimate.status === 'accepted') return signedEstimatePdf(db, appUrl, id);
  const page = publicEstimateOf(estimate, '');
  return { fileName: estimatePdfFileName(page), pdf: await renderEstimatePdf({ estimate: page, appUrl: appUrl.toString() }) };
}
