// The script of the tool pages (its own bundle, dist/configure/configure.js): the configurator
// (/configure/) and the reference (/docs/).
import { RwConfigurator } from './configurator.ts';
import { RwReference } from './reference.ts';

customElements.define('rw-configurator', RwConfigurator);
customElements.define('rw-reference', RwReference);
