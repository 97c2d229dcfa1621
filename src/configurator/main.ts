// The /configure page's script (its own bundle, dist/configure/configure.js): defines the configurator.
import { RwConfigurator } from './configurator.ts';

customElements.define('rw-configurator', RwConfigurator);
