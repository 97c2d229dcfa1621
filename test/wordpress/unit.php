<?php
/**
 * Unit tests of the plugin's PHP that has logic (includes/core.php, includes/render.php), with WordPress's
 * few functions they call stood in for here. Run by test/node/wordpress-plugin.test.ts: `php unit.php`,
 * exit status 0 when every check holds; each failure printed.
 *
 * @package review-widgets
 */

define( 'ABSPATH', __DIR__ . '/' );
define( 'DAY_IN_SECONDS', 86400 );
define( 'HOUR_IN_SECONDS', 3600 );

$failures = 0;
$checks   = 0;
function check( bool $held, string $what ): void {
	global $failures, $checks;
	++$checks;
	if ( ! $held ) {
		++$failures;
		fwrite( STDERR, "not ok: $what\n" );
	}
}

// WordPress's functions, as far as the code under test uses them.
class WP_Error {
	public function __construct( private string $message ) {}
	public function get_error_message(): string {
		return $this->message;
	}
}
function __( string $text ): string {
	return $text;
}
function esc_attr( string $text ): string {
	return htmlspecialchars( $text, ENT_QUOTES );
}
function wp_parse_url( string $url ) {
	return parse_url( $url );
}
function is_wp_error( $thing ): bool {
	return $thing instanceof WP_Error;
}
$store = array( 'transients' => array(), 'options' => array() );
function get_transient( string $key ) {
	global $store, $now;
	$kept = $store['transients'][ $key ] ?? null;
	return null !== $kept && $kept[1] > $now ? $kept[0] : false;
}
function set_transient( string $key, $value, int $ttl ): bool {
	global $store, $now;
	$store['transients'][ $key ] = array( $value, $now + $ttl, $ttl );
	return true;
}
function get_option( string $key, $fallback = false ) {
	global $store;
	return $store['options'][ $key ] ?? $fallback;
}
function update_option( string $key, $value, $autoload = null ): bool {
	global $store;
	$store['options'][ $key ] = $value;
	$store['autoload'][ $key ] = $autoload;
	return true;
}
$answers  = array();
$requests = array();
function wp_remote_get( string $url, array $args ) {
	global $answers, $requests;
	$requests[] = array( $url, $args );
	return array_shift( $answers ) ?? new WP_Error( 'no answer queued' );
}
function wp_remote_retrieve_response_code( $response ) {
	return $response['response']['code'];
}
function wp_remote_retrieve_body( $response ) {
	return $response['body'];
}
function wp_remote_retrieve_header( $response, string $name ) {
	return $response['headers'][ $name ] ?? '';
}
function determine_locale(): string {
	return 'de_DE';
}
function delete_option( string $key ): bool {
	global $store;
	unset( $store['options'][ $key ] );
	return true;
}
function delete_transient( string $key ): bool {
	global $store;
	unset( $store['transients'][ $key ] );
	return true;
}
$actions = array();
function add_action( string $hook, $callback, int $priority = 10, int $arguments = 1 ): void {
	global $actions;
	$actions[ $hook ] = $callback;
}
/** WordPress's database, as far as the pruning asks it: the options whose names match a LIKE pattern. */
class Fake_Database {
	public string $options = 'wp_options';
	public function esc_like( string $text ): string {
		return addcslashes( $text, '_%\\' );
	}
	public function prepare( string $query, string $pattern ): string {
		return $pattern;
	}
	public function get_col( string $pattern ): array {
		global $store;
		$regex = '/^' . strtr( preg_quote( $pattern, '/' ), array( '\\\\_' => '_', '%' => '.*', '_' => '.' ) ) . '$/';
		return array_values( array_filter( array_keys( $store['options'] ), fn( $name ) => preg_match( $regex, $name ) ) );
	}
}
$wpdb     = new Fake_Database();
$enqueued = 0;
function review_widgets_enqueue_loader(): void {
	global $enqueued;
	++$enqueued;
}

$plugin = dirname( __DIR__, 2 ) . '/wordpress/review-widgets';
require $plugin . '/includes/core.php';
require $plugin . '/includes/render.php';
require $plugin . '/includes/prune.php';
$now = 1000;

// --- Attributes: only what controls.json lists for the widget, with values its control takes.
$controls = review_widgets_controls();
$list     = review_widgets_widget( 'review-list', $controls );
check( null !== $list && null === review_widgets_widget( 'script', $controls ), 'the widgets are those of controls.json' );
check(
	array(
		'limit'  => '5',
		'layout' => 'carousel',
	) === review_widgets_allowed_attributes(
		array(
			'layout'  => 'carousel',
			'limit'   => '5',
			'onclick' => 'alert(1)',
			'style'   => 'x',
		),
		$list
	),
	'unknown attributes are left out, known ones kept in the manifest\'s order'
);
check( array() === review_widgets_allowed_attributes( array( 'layout' => 'spiral' ), $list ), 'a choice outside its values is left out' );
check( array() === review_widgets_allowed_attributes( array( 'limit' => '500' ), $list ), 'a number outside its range is left out' );
check( array() === review_widgets_allowed_attributes( array( 'limit' => '5; drop' ), $list ), 'a number must be digits' );
check( array( 'autoplay' => '' ) === review_widgets_allowed_attributes( array( 'autoplay' ), $list ), 'a bare word turns a boolean on' );
check( array( 'autoplay' => '' ) === review_widgets_allowed_attributes( array( 'autoplay' => 'true' ), $list ), 'autoplay="true" turns it on' );
check( array() === review_widgets_allowed_attributes( array( 'autoplay' => 'false' ), $list ), 'autoplay="false" leaves it off' );
check( array() === review_widgets_allowed_attributes( array( 'label' => '<b>x</b>' ), $list ), 'a text with markup is left out' );
check( array( 'label' => 'Our guests' ) === review_widgets_allowed_attributes( array( 'label' => 'Our guests' ), $list ), 'a plain text is kept' );
check( array() === review_widgets_allowed_attributes( array( 'endpoint' => 'https://evil.example' ), $list ), 'endpoint is the setting, never an attribute' );
check( array() === review_widgets_allowed_attributes( array( 'sync-url' => '' ), $list ), 'what a fragment cannot render is left out' );

// --- The proxy's address.
check( 'https://reviews.example.com/widget-api' === review_widgets_endpoint( ' https://Reviews.example.com/widget-api/ ' ), 'an address is trimmed, its host lowercased, its slash dropped' );
check( 'http://localhost:8787/widget-api' === review_widgets_endpoint( 'http://localhost:8787' ), 'a bare origin gets the default mount' );
check( 'https://r.example/widget-api/acme' === review_widgets_endpoint( 'https://r.example/widget-api/acme' ), 'a tenant\'s address is kept' );
foreach ( array( 'reviews.example.com', 'ftp://r.example/x', 'https://r.example/a?b=1', 'https://u:p@r.example/', 'javascript:alert(1)', 'https://r.example/"x' ) as $bad ) {
	check( null === review_widgets_endpoint( $bad ), "$bad is not an address" );
}
check(
	'https://r.example/widget-api/html/review-list?endpoint=https%3A%2F%2Fr.example%2Fwidget-api&layout=grid&autoplay=&locale=de-DE'
		=== review_widgets_fragment_url(
			'https://r.example/widget-api',
			'review-list',
			array(
				'layout'   => 'grid',
				'autoplay' => '',
			),
			'de-DE'
		),
	'the fragment URL carries the endpoint, the attributes and the site\'s language'
);

// --- The settings check's messages.
$site = 'https://shop.example';
$ok   = review_widgets_check_result(
	'https://r.example/widget-api',
	$site,
	array(
		'status' => 200,
		'body'   => '{"protocol":1,"business":{"name":"Kettle & Crumb"}}',
	)
);
check( $ok['ok'] && str_contains( $ok['message'], 'Kettle & Crumb' ), 'a proxy that answers: its business\'s name' );
$refused = review_widgets_check_result(
	'https://r.example/widget-api',
	$site,
	array(
		'status' => 403,
		'body'   => '{"error":"Forbidden","message":"Origin \"https://shop.example\" is not allowed."}',
	)
);
check( ! $refused['ok'] && str_contains( $refused['message'], 'ALLOWED_ORIGINS=https://shop.example' ), 'a proxy that refuses this site: the exact line to add' );
$down = review_widgets_check_result( 'https://r.example/widget-api', $site, array( 'error' => 'cURL error 7: Failed to connect' ) );
check( ! $down['ok'] && str_contains( $down['message'], 'could not be reached' ) && str_contains( $down['message'], 'cURL error 7' ), 'an unreachable proxy: said so, with the reason' );
$other = review_widgets_check_result(
	'https://r.example/widget-api',
	$site,
	array(
		'status' => 200,
		'body'   => '<!doctype html><title>Blog</title>',
	)
);
check( ! $other['ok'] && str_contains( $other['message'], 'not as a review widgets proxy' ), 'something else: not a proxy' );
$missing = review_widgets_check_result(
	'https://r.example/widget-api',
	$site,
	array(
		'status' => 404,
		'body'   => '{"error":"Not Found"}',
	)
);
check( ! $missing['ok'] && str_contains( $missing['message'], 'HTTP 404' ), 'a 404: not a proxy, with the status' );

// --- Rendering: the transient, the last good copy, the empty element.
$fragment = '<review-list endpoint="https://r.example/widget-api" layout="grid"><template shadowrootmode="open">Great bread</template><script type="application/json" data-rw-answers>[]</script></review-list>';
$answer   = fn( int $code, string $body, string $cache = 'public, max-age=300' ) => array(
	'response' => array( 'code' => $code ),
	'body'     => $body,
	'headers'  => array( 'cache-control' => $cache ),
);
update_option( 'review_widgets_proxy', 'https://r.example/widget-api' );
$answers = array( $answer( 200, $fragment ) );
$html    = review_widgets_render( 'review-list', array( 'layout' => 'grid' ) );
check( $html === $fragment, 'the proxy\'s fragment is the widget\'s HTML' );
check( 1 === count( $requests ) && 3 === $requests[0][1]['timeout'] && 0 === $requests[0][1]['redirection'], 'one request to the proxy, with a short timeout, no redirects' );
check( str_starts_with( $requests[0][0], 'https://r.example/widget-api/html/review-list?' ), 'the request goes to the proxy\'s fragment route' );
$key = 'review_widgets_' . md5( $requests[0][0] );
check( 300 === $store['transients'][ $key ][2], 'kept in a transient for the proxy\'s max-age' );
check( $fragment === $store['options'][ "{$key}_last" ] && false === $store['autoload'][ "{$key}_last" ], 'the last good copy kept apart, not autoloaded' );
check( 1 === $enqueued, 'the loader is enqueued' );

$html = review_widgets_render( 'review-list', array( 'layout' => 'grid' ) );
check( $html === $fragment && 1 === count( $requests ), 'within the cache time, no request' );

$now    += 301;
$answers = array( new WP_Error( 'cURL error 28: timed out' ) );
$html    = review_widgets_render( 'review-list', array( 'layout' => 'grid' ) );
check( $html === $fragment && 2 === count( $requests ), 'the proxy down: the last good copy' );
check( 60 === $store['transients'][ $key ][2], 'and the proxy left alone for a minute' );
$html = review_widgets_render( 'review-list', array( 'layout' => 'grid' ) );
check( 2 === count( $requests ), 'no request in that minute' );

$now    += 61;
$answers = array( $answer( 200, '<review-list endpoint="https://r.example/widget-api"></review-list>', 'no-store' ) );
$html    = review_widgets_render( 'review-list', array( 'layout' => 'grid' ) );
check( $html === $fragment, 'a fragment without data (the upstream down) does not replace the last good copy' );

$answers = array( $answer( 500, 'oops' ) );
$html    = review_widgets_render( 'business-card', array( 'theme' => 'dark' ) );
check( '<business-card endpoint="https://r.example/widget-api" theme="dark"></business-card>' === $html, 'no copy at all: the empty element for the loader' );
$answers = array( $answer( 200, '<script>alert(1)</script>' ) );
$now    += 61;
$html    = review_widgets_render( 'business-card', array( 'theme' => 'dark' ) );
check( ! str_contains( $html, '<script>alert' ), 'an answer that is not the widget is never shown' );


// --- The space an empty widget holds: the editor's measure (the configurator's holdOf), checked to be exactly that.
$hold = array(
	'className' => 'rw-hold-1x2y3z',
	'rules'     => array(
		':where(review-list:not(:defined)) { display: block; margin-block: var(--rw-outer-spacing, 1rem) }',
		'.rw-hold-1x2y3z { display: block; padding-top: calc(1200px - clamp(0px, (100% - 599px) * 9999, 400px) + clamp(0px, (100% - 1023px) * 9999, 12px)) }',
	),
);
$held = review_widgets_hold( 'review-list', $hold );
check( null !== $held && 'rw-hold-1x2y3z' === $held['class'] && str_contains( $held['style'], 'padding-top: calc(1200px' ), 'the editor\'s hold is taken' );
check( null !== review_widgets_hold( 'review-list', array( 'className' => 'rw-hold-a', 'rules' => array( $hold['rules'][0], '.rw-hold-a { display: block; padding-top: 96px }' ) ) ), 'a hold of one height is taken' );
$odd = fn( string $padding ) => array( 'className' => 'rw-hold-a', 'rules' => array( $hold['rules'][0], ".rw-hold-a { display: block; padding-top: $padding }" ) );
check( null === review_widgets_hold( 'review-list', $odd( '1px } body { display: none' ) ), 'a rule that is more than a height is refused' );
check( null === review_widgets_hold( 'review-list', $odd( 'url(https://evil.example/x)' ) ), 'a rule with anything but numbers is refused' );
check( null === review_widgets_hold( 'business-card', $hold ), 'a hold for another element is refused' );
check( null === review_widgets_hold( 'review-list', array( 'className' => 'x" onclick="alert(1)', 'rules' => $hold['rules'] ) ), 'a class that is not a hold\'s is refused' );
check( null === review_widgets_hold( 'review-list', 'rw-hold-a' ) && null === review_widgets_hold( 'review-list', null ), 'no hold: none' );

$now    += 61;
$answers = array( new WP_Error( 'cURL error 7: refused' ) );
$html    = review_widgets_render( 'review-list', array( 'limit' => '3' ), $hold );
check( str_starts_with( $html, '<style>:where(review-list:not(:defined))' ) && str_contains( $html, '</style><review-list endpoint="https://r.example/widget-api" limit="3"><rw-hold class="rw-hold-1x2y3z" aria-hidden="true"></rw-hold></review-list>' ), 'no copy, with a hold: the empty element holds the widget\'s space' );
$html = review_widgets_render( 'review-list', array( 'limit' => '3' ), $hold );
check( str_contains( $html, '<rw-hold class="rw-hold-1x2y3z"' ) && 1 === count( array_filter( $requests, fn( $request ) => str_contains( $request[0], 'limit=3' ) ) ), 'and in the minute the proxy is left alone, the same' );

check( '' === review_widgets_render( 'iframe', array() ), 'an unknown widget renders nothing' );
update_option( 'review_widgets_proxy', '' );
check( '' === review_widgets_render( 'review-list', array() ), 'no proxy set: nothing' );

// --- The kept copies pruned: an index of when a page last used each, the unused deleted daily, all on a new address.
$copies = array_values( array_filter( array_keys( $store['options'] ), fn( $name ) => str_ends_with( $name, '_last' ) ) );
check( array( "{$key}_last" ) === $copies && $copies === review_widgets_kept_copies(), 'the kept copies are found by their names' );
$index = $store['options'][ REVIEW_WIDGETS_INDEX ];
check( array( "{$key}_last" ) === array_keys( $index ) && abs( $index[ "{$key}_last" ] - time() ) < 5, 'a copy a page used is in the index, with the time' );
check( false === $store['autoload'][ REVIEW_WIDGETS_INDEX ], 'the index is not autoloaded' );
review_widgets_mark_used( "{$key}_last", time() + 600 );
check( $index === $store['options'][ REVIEW_WIDGETS_INDEX ], 'used again within the hour: the index is not written' );
review_widgets_mark_used( "{$key}_last", time() + 7200 );
check( time() + 7200 === $store['options'][ REVIEW_WIDGETS_INDEX ][ "{$key}_last" ], 'used again later: the time is written' );

$plan = review_widgets_prune_plan(
	array(
		'review_widgets_a_last' => 1000,
		'review_widgets_b_last' => 1000 + 20 * DAY_IN_SECONDS,
		'review_widgets_gone_last' => 5,
	),
	array( 'review_widgets_a_last', 'review_widgets_b_last', 'review_widgets_c_last' ),
	1000 + 40 * DAY_IN_SECONDS,
	30
);
check( array( 'review_widgets_a_last' ) === $plan['delete'], 'a copy unused for 30 days goes' );
check(
	array(
		'review_widgets_b_last' => 1000 + 20 * DAY_IN_SECONDS,
		'review_widgets_c_last' => 1000 + 40 * DAY_IN_SECONDS,
	) === $plan['index'],
	'one used since stays; one the index did not list is listed from now; one gone leaves the index'
);

$store['options']['review_widgets_old_last']      = 'an old copy';
$store['transients']['review_widgets_old']         = array( 'an old copy', $now + 60, 60 );
$store['options'][ REVIEW_WIDGETS_INDEX ]['review_widgets_old_last'] = time() - 31 * DAY_IN_SECONDS;
review_widgets_prune();
check( ! isset( $store['options']['review_widgets_old_last'] ) && ! isset( $store['transients']['review_widgets_old'] ), 'the daily pruning deletes an unused copy and its transient' );
check( isset( $store['options'][ "{$key}_last" ] ) && array( "{$key}_last" ) === array_keys( $store['options'][ REVIEW_WIDGETS_INDEX ] ), 'and keeps the used one, in the index' );
check( 'review_widgets_prune' === $actions[ REVIEW_WIDGETS_PRUNE_EVENT ], 'the daily event prunes' );

$actions['update_option_review_widgets_proxy']( 'https://r.example/widget-api', 'https://r.example/widget-api' );
check( isset( $store['options'][ "{$key}_last" ] ), 'the address saved unchanged: the copies stay' );
$actions['update_option_review_widgets_proxy']( 'https://r.example/widget-api', 'https://new.example/widget-api' );
check( array() === review_widgets_kept_copies() && ! isset( $store['options'][ REVIEW_WIDGETS_INDEX ] ) && ! isset( $store['transients'][ $key ] ), 'a new address: every copy, its transient and the index forgotten' );

check( 300 === review_widgets_max_age( '' ) && 60 === review_widgets_max_age( 'max-age=5' ) && 86400 === review_widgets_max_age( 'public, max-age=999999' ), 'the cache time is the max-age within a minute and a day' );

// --- The site's server token, and a refusal told to the owner rather than retried as an outage.
$token = 'wp-Zk3q8V1xH2mN9pR4tY7uB0cE5fG6jL-a';
check( $token === review_widgets_token_value( "  $token\n" ) && null === review_widgets_token_value( 'short' ) && null === review_widgets_token_value( str_repeat( 'a', 31 ) . ' ' . 'b' ), 'a token is 32 or more of the proxy\'s characters' );
check( array() === review_widgets_server_headers( '', '203.0.113.1' ), 'no token: no headers at all' );
check(
	array(
		'X-Review-Widgets-Server'  => $token,
		'X-Review-Widgets-Visitor' => '2001:db8::5',
	) === review_widgets_server_headers( $token, '2001:db8::5' ),
	'a token, and the visitor it renders for'
);
check( array( 'X-Review-Widgets-Server' => $token ) === review_widgets_server_headers( $token, '203.0.113.1, 10.0.0.1' ), 'a visitor that is not one address is not named' );
update_option( 'review_widgets_proxy', 'https://r.example/widget-api' );
update_option( 'review_widgets_server_token', $token );
$_SERVER['REMOTE_ADDR'] = '203.0.113.77';
$now    += 61;
$answers = array( $answer( 400, '{"error":"Bad Request","message":"limit must be at most 50."}', 'no-store' ) );
$html    = review_widgets_render( 'review-list', array( 'limit' => '70' ) );
$sent    = end( $requests )[1]['headers'];
check( $token === $sent['X-Review-Widgets-Server'] && '203.0.113.77' === $sent['X-Review-Widgets-Visitor'] && 'text/html' === $sent['Accept'], 'the request carries the token and the visitor' );
check( '<review-list endpoint="https://r.example/widget-api" limit="70"></review-list>' === $html, 'refused: the empty element (the browser shows the widget\'s own error)' );
$refusal = $store['options'][ REVIEW_WIDGETS_REFUSAL ] ?? null;
check( is_array( $refusal ) && str_contains( $refusal['message'], 'limit must be at most 50.' ) && str_contains( $refusal['message'], 'in the block or the shortcode' ) && 'review-list' === $refusal['widget'], 'the owner is told what the proxy refused, and where to fix it' );
$refused_key = 'review_widgets_' . md5( end( $requests )[0] );
check( REVIEW_WIDGETS_REFUSED_AFTER === $store['transients'][ $refused_key ][2] && REVIEW_WIDGETS_REFUSED_AFTER > REVIEW_WIDGETS_RETRY_AFTER, 'not asked again for longer than an outage\'s minute' );
$asked   = count( $requests );
$now    += 120;
review_widgets_render( 'review-list', array( 'limit' => '70' ) );
check( count( $requests ) === $asked, 'a refused widget costs the proxy nothing on the next pages' );
$answers = array( $answer( 401, '{"error":"Unauthorized","message":"The x-review-widgets-server token is not one this proxy knows."}', 'no-store' ) );
review_widgets_render( 'business-card', array( 'heading-level' => '3' ) );
check( str_contains( $store['options'][ REVIEW_WIDGETS_REFUSAL ]['message'], 'server token' ), 'a 401: the token is what to fix' );
check( ! review_widgets_check_result( 'https://r.example/widget-api', 'https://shop.example', array( 'status' => 401, 'body' => '{}' ) )['ok'], 'the settings check says a refused token too' );
$answers = array( $answer( 200, $fragment ) );
review_widgets_render( 'review-list', array( 'limit' => '9' ) );
check( ! isset( $store['options'][ REVIEW_WIDGETS_REFUSAL ] ), 'a widget rendered again: the notice goes' );
check( null === review_widgets_refusal( 500, '{}' ) && null === review_widgets_refusal( 503, '' ) && null === review_widgets_refusal( 429, '' ), 'an outage or a limit is not a setting to fix' );
update_option( 'review_widgets_server_token', '' );

echo "$checks checks, $failures failed\n";
exit( $failures ? 1 : 0 );
