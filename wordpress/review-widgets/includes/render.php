<?php
/**
 * A widget in the page's HTML: its fragment from the proxy's fragment route, kept in a transient for the
 * proxy's cache time; the last good copy kept apart (an option, never expiring) and served while the proxy
 * fails; with neither, the empty element, which the loader fills in the visitor's browser.
 *
 * @package review-widgets
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Seconds the page waits for the proxy's fragment. */
const REVIEW_WIDGETS_TIMEOUT = 3;

/** Seconds a failed proxy is not asked again for the same widget (what is served meanwhile: the last copy). */
const REVIEW_WIDGETS_RETRY_AFTER = 60;

/** Seconds a widget the proxy refused (a setting to fix, not an outage) is not asked for again. */
const REVIEW_WIDGETS_REFUSED_AFTER = 600;

/** The option that keeps the proxy's last refusal for the owner's notice, until a widget renders again. */
const REVIEW_WIDGETS_REFUSAL = 'review_widgets_refusal';

/** What the transient keeps while a widget that has no copy waits for the proxy: the empty element is served. */
const REVIEW_WIDGETS_WAITING = 'waiting';

/**
 * The proxy's address (the setting), or null when none is set.
 */
function review_widgets_proxy(): ?string {
	$address = get_option( 'review_widgets_proxy', '' );
	return is_string( $address ) && '' !== $address ? review_widgets_endpoint( $address ) : null;
}

/**
 * The site's server token: the REVIEW_WIDGETS_SERVER_TOKEN constant (wp-config.php) when defined, else the
 * setting; '' when neither is.
 */
function review_widgets_server_token(): string {
	$token = defined( 'REVIEW_WIDGETS_SERVER_TOKEN' ) ? (string) constant( 'REVIEW_WIDGETS_SERVER_TOKEN' ) : (string) get_option( 'review_widgets_server_token', '' );
	return review_widgets_token_value( $token ) ?? '';
}

/**
 * The headers of a request this server makes to the proxy for the visitor of this page.
 */
function review_widgets_request_headers( array $headers ): array {
	$visitor = isset( $_SERVER['REMOTE_ADDR'] ) ? (string) $_SERVER['REMOTE_ADDR'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked as an IP address.
	return $headers + review_widgets_server_headers( review_widgets_server_token(), $visitor );
}

/**
 * The site's language as a language tag (en-US).
 */
function review_widgets_locale(): string {
	return str_replace( '_', '-', determine_locale() );
}

/**
 * A widget's HTML for the page: `$given` attributes allow-listed by the manifest, rendered by the proxy.
 *
 * @param string $tag   The element (review-list, rating-summary, business-card, post-list).
 * @param array  $given Its attributes as the block or shortcode gives them.
 * @param mixed  $hold  The space the block editor measured for it (the block's `hold`), or null.
 */
function review_widgets_render( string $tag, array $given, $hold = null ): string {
	$widget   = review_widgets_widget( $tag, review_widgets_controls() );
	$endpoint = review_widgets_proxy();
	if ( null === $widget || null === $endpoint ) {
		return '';
	}
	review_widgets_enqueue_loader();
	$attributes = review_widgets_allowed_attributes( $given, $widget );
	return review_widgets_fragment( $endpoint, $tag, $attributes, review_widgets_locale(), review_widgets_hold( $tag, $hold ) );
}

/**
 * The fragment for a widget: fresh from the transient, else from the proxy, else the last good copy,
 * else the empty element (holding the widget's space when the editor measured it).
 *
 * @param string     $endpoint   The proxy's address.
 * @param string     $tag        The element.
 * @param array      $attributes Its allowed attributes.
 * @param string     $locale     The site's language.
 * @param array|null $hold       The space the empty element holds (review_widgets_hold), or null.
 */
function review_widgets_fragment( string $endpoint, string $tag, array $attributes, string $locale, ?array $hold = null ): string {
	$url  = review_widgets_fragment_url( $endpoint, $tag, $attributes, $locale );
	$key  = 'review_widgets_' . md5( $url );
	$kept = get_transient( $key );
	if ( REVIEW_WIDGETS_WAITING === $kept ) {
		return review_widgets_empty_element( $endpoint, $tag, $attributes, $hold );
	}
	if ( is_string( $kept ) && '' !== $kept ) {
		return $kept;
	}
	$last     = get_option( $key . '_last', '' );
	$response = wp_remote_get(
		$url,
		array(
			'timeout'     => REVIEW_WIDGETS_TIMEOUT,
			'redirection' => 0,
			'headers'     => review_widgets_request_headers( array( 'Accept' => 'text/html' ) ),
		)
	);
	$status = is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response );
	$body   = is_wp_error( $response ) ? '' : (string) wp_remote_retrieve_body( $response );
	if ( review_widgets_is_rendered( $status, $body, $tag ) ) {
		$ttl = review_widgets_max_age( (string) wp_remote_retrieve_header( $response, 'cache-control' ) );
		set_transient( $key, $body, $ttl );
		if ( $last !== $body ) {
			update_option( $key . '_last', $body, false );
		}
		review_widgets_mark_used( $key . '_last', time() );
		if ( false !== get_option( REVIEW_WIDGETS_REFUSAL ) ) {
			delete_option( REVIEW_WIDGETS_REFUSAL );
		}
		return $body;
	}
	$refusal = review_widgets_refusal( $status, $body );
	if ( null !== $refusal ) {
		// A setting to fix: the owner is told (Settings → Review widgets, the dashboard), and the proxy is not
		// asked again for this widget for a while; meanwhile the last good copy, or the empty element.
		update_option(
			REVIEW_WIDGETS_REFUSAL,
			array(
				'message' => $refusal,
				'widget'  => $tag,
				'at'      => time(),
			),
			false
		);
		$shown = is_string( $last ) && '' !== $last ? $last : review_widgets_empty_element( $endpoint, $tag, $attributes, $hold );
		set_transient( $key, is_string( $last ) && '' !== $last ? $last : REVIEW_WIDGETS_WAITING, REVIEW_WIDGETS_REFUSED_AFTER );
		return $shown;
	}
	if ( is_string( $last ) && '' !== $last ) {
		// The proxy failed: the last good copy, and the proxy left alone for a while.
		set_transient( $key, $last, REVIEW_WIDGETS_RETRY_AFTER );
		review_widgets_mark_used( $key . '_last', time() );
		return $last;
	}
	// Nothing to show yet: the loader fills the widget in the browser, and the page does not wait again soon.
	set_transient( $key, REVIEW_WIDGETS_WAITING, REVIEW_WIDGETS_RETRY_AFTER );
	return review_widgets_empty_element( $endpoint, $tag, $attributes, $hold );
}
