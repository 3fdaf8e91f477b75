import model from "wink-eng-lite-web-model";
import winkNLP, { type WinkMethods } from "wink-nlp";

let instance: WinkMethods | null = null;

/**
 * The English pipeline (tokens, sentences, part of speech, entities, sentiment), built on first use rather than
 * at module load: unpacking the model costs tens of milliseconds that a Worker start which never analyses
 * anything should not pay.
 */
export function nlp(): WinkMethods {
  instance ??= winkNLP(model);
  return instance;
}
