/**
 * @crossbones/fair: provably fair deals (docs/fairness.md). The server commits to a secret, the
 * players add their seeds, the deal is a published function of both; anyone can check a hand from
 * its proof. Depends on the engine only; hashing is Web Crypto's, present in browsers and Node.
 */

export { canCheck, HEX32, randomHex32 } from "./crypto.js";
export { blockMessage, commitmentOf, DEAL_SCHEME, type DealInputs, dealOf } from "./deal.js";
export {
  checkHand,
  type DealProof,
  dealText,
  type FairFault,
  faultMessage,
  readProof,
  type Witness,
} from "./proof.js";
