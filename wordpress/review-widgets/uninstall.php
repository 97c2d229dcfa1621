<?php
/**
 * Removing the plugin removes what it kept: its settings, the fragments in transients and the last good copies.
 *
 * @package review-widgets
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

global $wpdb;

delete_option( 'review_widgets_proxy' );
wp_clear_scheduled_hook( 'review_widgets_prune' );
// The cached fragments (transients, and their timeouts), the last good copies and their index (options).
$review_widgets_like = array(
	$wpdb->esc_like( '_transient_review_widgets_' ) . '%',
	$wpdb->esc_like( '_transient_timeout_review_widgets_' ) . '%',
	$wpdb->esc_like( 'review_widgets_' ) . '%',
);
foreach ( $review_widgets_like as $review_widgets_pattern ) {
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $review_widgets_pattern ) );
}
wp_cache_flush();
