<?php
/**
 * The kept copies pruned: each widget's last good copy (an option that does not expire) is listed in an
 * index with when a page last used it; a daily event deletes the copies no page has used for
 * REVIEW_WIDGETS_UNUSED_DAYS (a block whose settings changed, a page deleted), and a new proxy address
 * forgets every copy (they name the old proxy, and no page asks for them again).
 *
 * @package review-widgets
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** The index of kept copies: option name => when a page last used it (Unix time). Not autoloaded. */
const REVIEW_WIDGETS_INDEX = 'review_widgets_kept';

/** The daily event that prunes the kept copies. */
const REVIEW_WIDGETS_PRUNE_EVENT = 'review_widgets_prune';

/** Days after which a copy no page has used is deleted. */
const REVIEW_WIDGETS_UNUSED_DAYS = 30;

/**
 * Notes that a page used the kept copy `$option` at `$now` (written at most once an hour a copy: the index
 * is not written on every page view).
 *
 * @param string $option The copy's option name.
 * @param int    $now    The time.
 */
function review_widgets_mark_used( string $option, int $now ): void {
	$index = get_option( REVIEW_WIDGETS_INDEX, array() );
	$index = is_array( $index ) ? $index : array();
	if ( ( $index[ $option ] ?? 0 ) > $now - HOUR_IN_SECONDS ) {
		return;
	}
	$index[ $option ] = $now;
	update_option( REVIEW_WIDGETS_INDEX, $index, false );
}

/**
 * What pruning does, given the index and the copies there are: the copies to delete (unused for `$days`),
 * and the index to keep (a copy it did not list, kept before the index was, listed from now on).
 *
 * @param array $index  Option name => when last used.
 * @param array $kept   The option names of the copies there are.
 * @param int   $now    The time.
 * @param int   $days   Days unused after which a copy goes.
 * @return array{delete: list<string>, index: array<string, int>}
 */
function review_widgets_prune_plan( array $index, array $kept, int $now, int $days ): array {
	$delete = array();
	$next   = array();
	foreach ( $kept as $option ) {
		$used = (int) ( $index[ $option ] ?? $now );
		if ( $used < $now - $days * DAY_IN_SECONDS ) {
			$delete[] = $option;
		} else {
			$next[ $option ] = $used;
		}
	}
	return array(
		'delete' => $delete,
		'index'  => $next,
	);
}

/**
 * The option names of the kept copies (`review_widgets_{md5}_last`).
 */
function review_widgets_kept_copies(): array {
	global $wpdb;
	return $wpdb->get_col(
		$wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'review_widgets_' ) . '%' . $wpdb->esc_like( '_last' ) )
	);
}

/**
 * The daily event: the copies unused for REVIEW_WIDGETS_UNUSED_DAYS deleted, with their transients.
 */
function review_widgets_prune(): void {
	$index = get_option( REVIEW_WIDGETS_INDEX, array() );
	$plan  = review_widgets_prune_plan( is_array( $index ) ? $index : array(), review_widgets_kept_copies(), time(), REVIEW_WIDGETS_UNUSED_DAYS );
	array_map( 'review_widgets_delete_copy', $plan['delete'] );
	update_option( REVIEW_WIDGETS_INDEX, $plan['index'], false );
}

/**
 * Deletes the kept copy `$option` and the transient of the same widget.
 *
 * @param string $option The copy's option name, `review_widgets_{md5}_last`.
 */
function review_widgets_delete_copy( string $option ): void {
	delete_option( $option );
	delete_transient( substr( $option, 0, -strlen( '_last' ) ) );
}

/**
 * Forgets every fragment the plugin kept: the last good copies, their transients, and the index. (Through
 * WordPress's own functions, so that an object cache forgets them too; a transient of a widget without a
 * copy, kept a minute at most, expires by itself.)
 */
function review_widgets_forget_all(): void {
	array_map( 'review_widgets_delete_copy', review_widgets_kept_copies() );
	delete_option( REVIEW_WIDGETS_INDEX );
}

add_action( REVIEW_WIDGETS_PRUNE_EVENT, 'review_widgets_prune' );

// Scheduled while the plugin is active (also after an update that did not go through activation).
add_action(
	'init',
	static function () {
		if ( ! wp_next_scheduled( REVIEW_WIDGETS_PRUNE_EVENT ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', REVIEW_WIDGETS_PRUNE_EVENT );
		}
	}
);

// A new proxy address: the copies of the old one are never asked for again.
add_action(
	'update_option_review_widgets_proxy',
	static function ( $old_value, $value ) {
		if ( $old_value !== $value ) {
			review_widgets_forget_all();
		}
	},
	10,
	2
);
