/**
 * English function words, dropped from queries (not from the index) before stemming: they match most
 * chunks, so they add candidates to walk and almost nothing to the score. "us" is deliberately absent
 * (US = ultrasound), and so are negations' neighbours that carry meaning in clinical text ("without").
 * Chat shorthand and filler ("how do u diagnose…", "pls", "that follistatin stuff") and common slips ("wher", "doesnt") are dropped too, and what is left of a negative
 * contraction ("won't" is read as "won" and "t", "aren't" as "aren"). A query made only of these words keeps them all.
 */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both
  but by can could did do does doing down during each few for from further had has have having he her here hers
  herself him himself his how i if in into is it its itself just may me might more most must my myself no none nor not
  of off on once only or other our ours ourselves out over own same she should so some such than that the their
  theirs them themselves then there these they this those through to too under until up very was we were what
  when where which while who whom whose why will with would you your yours yourself yourselves
  among amongst besides upon u ur pls plz def defo deffo stuff
  wher whre wat waht wht hwo teh adn nad thier doesnt dont isnt arent didnt wasnt shouldnt wouldnt couldnt
  havent hasnt hadnt werent mustnt youre theyre thats ive shes hes whats wheres hows whos theres heres
  aren couldn didn doesn don hadn hasn haven isn mustn shan shouldn wasn weren won wouldn`.split(/\s+/),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
