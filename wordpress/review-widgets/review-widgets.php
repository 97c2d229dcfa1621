<?php
/**
 * Plugin Name:       Review widgets
 * Description:       Your business's reviews on your pages: a Reviews block and a [review_widgets] shortcode, rendered in the page's own HTML through your review widgets proxy (which keeps the API key).
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * License:           MIT
 * Text Domain:       review-widgets
 * Domain Path:       /languages
 *
 * @package review-widgets
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'REVIEW_WIDGETS_DIR', __DIR__ );
define( 'REVIEW_WIDGETS_URL', plugin_dir_url( __FILE__ ) );
define( 'REVIEW_WIDGETS_VERSION', '0.1.0' );

require_once __DIR__ . '/includes/core.php';
require_once __DIR__ . '/includes/render.php';
require_once __DIR__ . '/includes/prune.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/assets.php';
require_once __DIR__ . '/includes/block.php';

add_action(
	'init',
	static function () {
		load_plugin_textdomain( 'review-widgets', false, dirname( plugin_basename( __FILE__ ) ) . '/languages' );
	}
);

// The daily pruning of kept copies (includes/prune.php) ends with the plugin's activity.
register_deactivation_hook(
	__FILE__,
	static function () {
		wp_clear_scheduled_hook( REVIEW_WIDGETS_PRUNE_EVENT );
	}
);
