<?php
/**
 * WordPress's typography filter (wptexturize, on the_content) leaves the widgets' text as the proxy rendered
 * it: checked with Debian's WordPress's own formatting.php and the plugin's filter (includes/assets.php).
 * Run by test/node/wordpress-plugin.test.ts; exit status 0 when it holds.
 *
 * @package review-widgets
 */

define( 'ABSPATH', '/usr/share/wordpress/' );
define( 'WPINC', 'wp-includes' );
$shortcode_tags = array();
function _x( string $text ): string {
	return $text;
}
function __( string $text ): string {
	return $text;
}
function get_option( string $name ) {
	return false;
}
require ABSPATH . WPINC . '/plugin.php';
require ABSPATH . WPINC . '/formatting.php';
$plugin = dirname( __DIR__, 2 ) . '/wordpress/review-widgets';
require $plugin . '/includes/core.php';
require $plugin . '/includes/assets.php';

$failures = 0;
$text     = 'It\'s "bright" -- here';
if ( wptexturize( "<p>$text</p>" ) === "<p>$text</p>" ) {
	++$failures;
	fwrite( STDERR, "not ok: wptexturize changes a paragraph's quotes (the check below could not fail)\n" );
}
foreach ( review_widgets_controls()['widgets'] as $widget ) {
	$fragment = "<{$widget['tag']} endpoint=\"x\"><template shadowrootmode=\"open\"><p part=\"text\">$text</p></template></{$widget['tag']}>";
	if ( wptexturize( $fragment ) !== $fragment ) {
		++$failures;
		fwrite( STDERR, "not ok: wptexturize changed the text of <{$widget['tag']}>: " . wptexturize( $fragment ) . "\n" );
	}
}
echo $failures ? "$failures failed\n" : "ok\n";
exit( $failures ? 1 : 0 );
