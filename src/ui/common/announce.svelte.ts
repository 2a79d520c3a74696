// One polite live region for the whole page (mounted once by LiveRegion.svelte): a job that lands
// somewhere else on screen (Analyze, Analyze pack) says so here, so a screen reader hears it without
// focus being pulled around. The same text twice in a row is announced again.
class Announcer {
  text = $state('');
  private n = 0;
  say(text: string) {
    // alternate a zero-width space so the region's content changes even for a repeated message
    this.text = text + (++this.n % 2 ? '' : '\u200b');
  }
}
export const announcer = new Announcer();
