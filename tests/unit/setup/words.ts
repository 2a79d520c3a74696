// The stores reach the designer's language through the wording the page hands them (src/stores/words.ts):
// the tests' studio gets the page's.
import { setWording } from '../../../src/stores/words.ts';
import { studioWording } from '../../../src/i18n/wording.ts';

setWording(studioWording);
