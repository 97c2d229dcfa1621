<?php
/**
 * The plugin's logic that needs no WordPress but its translation and escaping functions: which attributes
 * a widget takes (controls.json, written from the element manifest by scripts/wordpress-plugin.ts), the
 * proxy's addresses, the fragment route's URL, and what the settings check says about the proxy's answer.
 * Unit-tested by test/wordpress/unit.php.
 *
 * @package review-widgets
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** The proxy's mount when an address names only the proxy's origin (src/api/protocol.ts). */
const REVIEW_WIDGETS_DEFAULT_MOUNT = '/widget-api';

/** What the proxy's fragment renders carry when they were rendered with their data (SERVER_ANSWERS_ATTRIBUTE). */
const REVIEW_WIDGETS_ANSWERS_MARK = 'data-rw-answers';

/** How long a fragment is kept when the proxy's answer names no max-age (the proxy's default cache time). */
const REVIEW_WIDGETS_DEFAULT_TTL = 300;

/**
 * The widgets and their attributes, as controls.json lists them.
 *
 * @return array{widgets: list<array{tag: string, label: string, attributes: list<array>}>}
 */
function review_widgets_controls(): array {
	static $controls = null;
	if ( null === $controls ) {
		$controls = json_decode( (string) file_get_contents( dirname( __DIR__ ) . '/controls.json' ), true );
	}
	return $controls;
}

/**
 * One widget's entry of controls.json, or null when `$tag` is none of them.
 *
 * @param string $tag      The element's name, such as review-list.
 * @param array  $controls controls.json.
 */
function review_widgets_widget( string $tag, array $controls ): ?array {
	foreach ( $controls['widgets'] as $widget ) {
		if ( $widget['tag'] === $tag ) {
			return $widget;
		}
	}
	return null;
}

/**
 * The attributes of `$given` that the widget takes with a value its control accepts, in the manifest's
 * order; anything else is left out (the proxy checks them again). A boolean attribute is on when given
 * empty, as its own name, or as true/1/yes/on, and is then the empty string.
 *
 * @param array $given  Name => value, as a shortcode or the block gives them.
 * @param array $widget The widget's entry of controls.json.
 * @return array<string, string>
 */
function review_widgets_allowed_attributes( array $given, array $widget ): array {
	// A shortcode's bare words (`[review_widgets autoplay]`) come as values under numeric keys.
	foreach ( $given as $key => $value ) {
		if ( is_int( $key ) && is_string( $value ) ) {
			$given[ strtolower( $value ) ] = '';
		}
	}
	$allowed = array();
	foreach ( $widget['attributes'] as $attribute ) {
		$name = $attribute['name'];
		if ( ! array_key_exists( $name, $given ) || is_array( $given[ $name ] ) || null === $given[ $name ] ) {
			continue;
		}
		$value   = is_bool( $given[ $name ] ) ? ( $given[ $name ] ? '' : 'false' ) : trim( (string) $given[ $name ] );
		$control = $attribute['control'];
		switch ( $control['kind'] ) {
			case 'boolean':
				if ( in_array( strtolower( $value ), array( '', 'true', '1', 'yes', 'on', $name ), true ) ) {
					$allowed[ $name ] = '';
				}
				break;
			case 'choice':
				if ( in_array( $value, $control['values'], true ) ) {
					$allowed[ $name ] = $value;
				}
				break;
			case 'number':
				if ( preg_match( '/^\d{1,6}$/', $value )
					&& ( ! isset( $control['min'] ) || (int) $value >= $control['min'] )
					&& ( ! isset( $control['max'] ) || (int) $value <= $control['max'] ) ) {
					$allowed[ $name ] = (string) (int) $value;
				}
				break;
			default:
				if ( '' !== $value && strlen( $value ) <= 200 && ! preg_match( '/[<>\x00-\x1f]/', $value ) ) {
					$allowed[ $name ] = $value;
				}
		}
	}
	return $allowed;
}

/**
 * The proxy's address as the widgets take it (their `endpoint`): an http(s) URL without query, fragment
 * or credentials, without a trailing slash; a bare origin gets the default mount. Null when it is not one.
 *
 * @param string $address What the owner typed.
 */
function review_widgets_endpoint( string $address ): ?string {
	$address = trim( $address );
	$parts   = wp_parse_url( $address );
	if ( ! is_array( $parts ) || ! isset( $parts['scheme'], $parts['host'] )
		|| ! in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true )
		|| isset( $parts['query'] ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) || isset( $parts['pass'] )
		|| preg_match( '/[\s<>"\']/', $address ) ) {
		return null;
	}
	$path = rtrim( $parts['path'] ?? '', '/' );
	return review_widgets_origin( $address ) . ( '' === $path ? REVIEW_WIDGETS_DEFAULT_MOUNT : $path );
}

/**
 * A URL's origin, `scheme://host[:port]`.
 *
 * @param string $url An absolute URL.
 */
function review_widgets_origin( string $url ): string {
	$parts = wp_parse_url( $url );
	$port  = isset( $parts['port'] ) ? ':' . $parts['port'] : '';
	return strtolower( $parts['scheme'] ?? 'http' ) . '://' . strtolower( $parts['host'] ?? '' ) . $port;
}

/**
 * The fragment route's URL for a widget: `{endpoint}/html/{tag}?endpoint=…&{attributes}`, with the
 * site's language when the widget names none (as the loader sends the page's `lang`).
 *
 * @param string $endpoint   The proxy's address.
 * @param string $tag        The element.
 * @param array  $attributes Its allowed attributes.
 * @param string $locale     The site's language tag (en-US), or ''.
 */
function review_widgets_fragment_url( string $endpoint, string $tag, array $attributes, string $locale ): string {
	$query = array( 'endpoint' => $endpoint ) + $attributes;
	if ( ! isset( $query['locale'] ) && '' !== $locale ) {
		$query['locale'] = $locale;
	}
	return $endpoint . '/html/' . rawurlencode( $tag ) . '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 );
}

/**
 * How long a fragment may be kept: the answer's `max-age`, within a minute and a day.
 *
 * @param string $cache_control The answer's Cache-Control header.
 */
function review_widgets_max_age( string $cache_control ): int {
	if ( preg_match( '/(?:^|[,\s])max-age=(\d+)/i', $cache_control, $match ) ) {
		return max( 60, min( DAY_IN_SECONDS, (int) $match[1] ) );
	}
	return REVIEW_WIDGETS_DEFAULT_TTL;
}

/**
 * Whether a fragment answer is a widget rendered with its data (what is worth keeping and showing).
 *
 * @param int    $status The answer's status.
 * @param string $body   Its body.
 * @param string $tag    The element asked for.
 */
function review_widgets_is_rendered( int $status, string $body, string $tag ): bool {
	return 200 === $status && str_starts_with( ltrim( $body ), '<' . $tag ) && str_contains( $body, REVIEW_WIDGETS_ANSWERS_MARK );
}

/**
 * The space a widget holds until the loader fills it, as the block editor measured it (the configurator's
 * `holdOf`, src/configurator/hold.ts: a class, and the rules of its `<style>`), when it is exactly what
 * `holdOf` writes for `$tag`: a block until defined, and a child with a height stepped by the widget's
 * width (only numbers, in px and %). Anything else (a post's content is anyone's who can edit it) is none.
 *
 * @param string $tag  The element.
 * @param mixed  $hold The block's `hold` attribute: `['className' => …, 'rules' => [two rules]]`.
 * @return array{class: string, style: string}|null
 */
function review_widgets_hold( string $tag, $hold ): ?array {
	if ( ! is_array( $hold ) || ! is_string( $hold['className'] ?? null ) || ! is_array( $hold['rules'] ?? null )
		|| 2 !== count( $hold['rules'] ) || ! preg_match( '/^rw-hold-[0-9a-z]{1,13}$/', $hold['className'] ) ) {
		return null;
	}
	list( $block, $child ) = array_values( $hold['rules'] );
	$step                  = ' [+-] clamp\(0px, \(100% - \d{1,5}px\) \* 9999, \d{1,6}px\)';
	$height                = '(?:\d{1,6}px|calc\(\d{1,6}px(?:' . $step . '){1,32}\))';
	if ( ":where({$tag}:not(:defined)) { display: block; margin-block: var(--rw-outer-spacing, 1rem) }" !== $block
		|| ! is_string( $child )
		|| ! preg_match( '/^\.' . $hold['className'] . ' \{ display: block; padding-top: ' . $height . ' \}$/D', $child ) ) {
		return null;
	}
	return array(
		'class' => $hold['className'],
		'style' => $block . "\n" . $child,
	);
}

/**
 * The widget without content, for the loader to fill in the visitor's browser; with a hold, it keeps the
 * widget's space until then (a `<style>` and a `<rw-hold>` child, as the configurator's snippet does).
 *
 * @param string     $endpoint   The proxy's address.
 * @param string     $tag        The element.
 * @param array      $attributes Its allowed attributes.
 * @param array|null $hold       What review_widgets_hold() made of the block's hold, or null.
 */
function review_widgets_empty_element( string $endpoint, string $tag, array $attributes, ?array $hold = null ): string {
	$html = '<' . $tag . ' endpoint="' . esc_attr( $endpoint ) . '"';
	foreach ( $attributes as $name => $value ) {
		$html .= ' ' . $name . ( '' === $value ? '' : '="' . esc_attr( $value ) . '"' );
	}
	if ( null === $hold ) {
		return $html . '></' . $tag . '>';
	}
	return '<style>' . $hold['style'] . '</style>' . $html . '><rw-hold class="' . esc_attr( $hold['class'] ) . '" aria-hidden="true"></rw-hold></' . $tag . '>';
}

/**
 * What the settings check says about the proxy at `$endpoint`, asked for its business from this site's
 * origin: connected (its business's name), unreachable, not a proxy, or refusing this site (with the
 * ALLOWED_ORIGINS line to add).
 *
 * @param string $endpoint    The proxy's address.
 * @param string $site_origin This site's origin, the pages' `Origin`.
 * @param array  $answer      `['error' => message]`, or `['status' => int, 'body' => string]`.
 * @return array{ok: bool, message: string}
 */
function review_widgets_check_result( string $endpoint, string $site_origin, array $answer ): array {
	if ( isset( $answer['error'] ) ) {
		return array(
			'ok'      => false,
			/* translators: 1: the proxy's address, 2: the error. */
			'message' => sprintf( __( 'The proxy at %1$s could not be reached from this server: %2$s. Check the address, and that the proxy is running.', 'review-widgets' ), $endpoint, $answer['error'] ),
		);
	}
	$status = (int) ( $answer['status'] ?? 0 );
	$data   = json_decode( (string) ( $answer['body'] ?? '' ), true );
	if ( 401 === $status ) {
		return array(
			'ok'      => false,
			'message' => (string) review_widgets_refusal( $status, (string) ( $answer['body'] ?? '' ) ),
		);
	}
	if ( 403 === $status && is_array( $data ) && str_contains( (string) ( $data['message'] ?? '' ), 'Origin' ) ) {
		return array(
			'ok'      => false,
			'message' => sprintf(
				/* translators: 1: the proxy's address, 2: this site's origin, 3: the setting to add. */
				__( 'The proxy at %1$s answers, but refuses pages of this site (%2$s): its visitors would see an error. Add this site to the proxy\'s allowed origins: %3$s (after a comma if it lists others), then save again.', 'review-widgets' ),
				$endpoint,
				$site_origin,
				'ALLOWED_ORIGINS=' . $site_origin
			),
		);
	}
	$name = is_array( $data ) && is_array( $data['business'] ?? null ) ? ( $data['business']['name'] ?? null ) : null;
	if ( 200 === $status && is_string( $name ) && isset( $data['protocol'] ) ) {
		return array(
			'ok'      => true,
			/* translators: 1: the business's name, 2: the proxy's address. */
			'message' => sprintf( __( 'Connected: the proxy at %2$s serves the reviews of %1$s.', 'review-widgets' ), $name, $endpoint ),
		);
	}
	return array(
		'ok'      => false,
		/* translators: 1: the proxy's address, 2: the HTTP status. */
		'message' => sprintf( __( '%1$s answers (HTTP %2$d), but not as a review widgets proxy. The address is the proxy\'s, such as https://reviews.example.com/widget-api.', 'review-widgets' ), $endpoint, $status ),
	);
}

/**
 * The site's server token as the proxy takes them (its SERVER_TOKENS: 32 to 256 letters, digits or
 * . _ ~ + / = -), or null.
 *
 * @param string $typed What the owner typed.
 */
function review_widgets_token_value( string $typed ): ?string {
	$token = trim( $typed );
	return 1 === preg_match( '#^[A-Za-z0-9._~+/=-]{32,256}$#', $token ) ? $token : null;
}

/**
 * What this server tells the proxy about a request it makes for a visitor: its token, so the proxy counts
 * the request against that visitor (by address) and not the whole site against this server's address.
 * Nothing without a token; no visitor header for anything but an IP address.
 *
 * @param string $token   The server token ('' when none is set).
 * @param string $visitor The visitor's address (REMOTE_ADDR).
 */
function review_widgets_server_headers( string $token, string $visitor ): array {
	if ( '' === $token ) {
		return array();
	}
	$headers = array( 'X-Review-Widgets-Server' => $token );
	if ( false !== filter_var( $visitor, FILTER_VALIDATE_IP ) ) {
		$headers['X-Review-Widgets-Visitor'] = $visitor;
	}
	return $headers;
}

/**
 * A refusal the owner fixes in a setting, not an outage to wait out: the proxy's 400 (a widget's attribute
 * it does not take) or 401 (this site's server token), with the proxy's own words; null for anything else.
 *
 * @param int    $status The proxy's HTTP status.
 * @param string $body   Its body (`{"error": …, "message": …}`).
 */
function review_widgets_refusal( int $status, string $body ): ?string {
	if ( 400 !== $status && 401 !== $status ) {
		return null;
	}
	$data  = json_decode( $body, true );
	$words = '';
	// At most 300 characters of it (by characters, without mbstring: WordPress does not require it).
	if ( is_array( $data ) && is_string( $data['message'] ?? null ) && 1 === preg_match( '/^.{0,300}/su', $data['message'], $match ) ) {
		$words = $match[0];
	}
	return 401 === $status
		/* translators: %s: the proxy's message. */
		? sprintf( __( 'The proxy refuses this site\'s server token (%s). Check it under Settings → Review widgets, or clear it.', 'review-widgets' ), $words )
		/* translators: %s: the proxy's message. */
		: sprintf( __( 'The proxy refuses a widget\'s settings: %s Change them in the block or the shortcode.', 'review-widgets' ), $words );
}
