import type { Executor } from '../../db/executor';
import type { PhotoStorage } from '../photos';
import { estimatePdfFileName, renderEstimatePdf } from './estimate-pdf';
import type { EstimateFile } from './estimate-responses';
import { signedEstimatePdf } from './estimate-responses';
import { publicEstimateOf } from './estimate-sending';
import { estimatePhotoImages } from './estimate-photos';
import { getEstimate } from './estimate-views';

/**
 * The console's "Download PDF": the estimate as the prospect sees it (a draft too, to check it
 * before it goes), or the signed copy with its acceptance page once it is accepted.
 */
export async function estimatePdfForStaff(db: Executor, storage: PhotoStorage, appUrl: URL, id: string): Promise<EstimateFile> {
  const estimate = await getEstimate(db, id);
  if (estimate.status === 'accepted') return signedEstimatePdf(db, storage, appUrl, id);
  const page = publicEstimateOf(estimate, '');
  const photoImages = await estimatePhotoImages(db, storage, id);
  return { fileName: estimatePdfFileName(page), pdf: await renderEstimatePdf({ estimate: page, appUrl: appUrl.toString(), photoImages }) };
}
