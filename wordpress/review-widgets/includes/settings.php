<?php
/**
 * Settings → Review widgets: the proxy's address, checked from this server when it is saved. No API key is
 * asked for or kept here: the proxy keeps it.
 *
 * @package review-widgets
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Asks the proxy at `$endpoint` for its business, as a page of this site would (its Origin).
 *
 * @param string $endpoint The proxy's address.
 * @return array{ok: bool, message: string}
 */
function review_widgets_check( string $endpoint ): array {
	$origin   = review_widgets_origin( home_url() );
	$response = wp_remote_get(
		$endpoint . '/info',
		array(
			'timeout'     => 5,
			'redirection' => 0,
			'headers'     => array(
				'Accept' => 'application/json',
				'Origin' => $origin,
			) + review_widgets_server_headers( review_widgets_server_token(), '' ),
		)
	);
	$answer = is_wp_error( $response )
		? array( 'error' => $response->get_error_message() )
		: array(
			'status' => (int) wp_remote_retrieve_response_code( $response ),
			'body'   => (string) wp_remote_retrieve_body( $response ),
		);
	return review_widgets_check_result( $endpoint, $origin, $answer );
}

/**
 * The setting's sanitizer: a usable address is kept, and checked; the check's result is the notice shown.
 *
 * @param mixed $value What the form sent.
 */
function review_widgets_sanitize_proxy( $value ): string {
	// WordPress sanitizes a new option twice (update_option, then add_option): check and tell once.
	static $done = array();
	$memo = is_string( $value ) ? $value : '';
	if ( isset( $done[ $memo ] ) ) {
		return $done[ $memo ];
	}
	$done[ $memo ] = review_widgets_checked_proxy( $value );
	return $done[ $memo ];
}

/**
 * The address to keep for what the form sent, with the check's notice.
 *
 * @param mixed $value What the form sent.
 */
function review_widgets_checked_proxy( $value ): string {
	$previous = (string) get_option( 'review_widgets_proxy', '' );
	$typed    = is_string( $value ) ? trim( $value ) : '';
	if ( '' === $typed ) {
		return '';
	}
	$endpoint = review_widgets_endpoint( $typed );
	if ( null === $endpoint ) {
		add_settings_error(
			'review_widgets_proxy',
			'review_widgets_address',
			__( 'The proxy\'s address is a URL such as https://reviews.example.com/widget-api (no query). It was not saved.', 'review-widgets' )
		);
		return $previous;
	}
	$check = review_widgets_check( $endpoint );
	// settings_errors() prints a message as HTML: the proxy's words (its business's name, an error) escaped.
	add_settings_error( 'review_widgets_proxy', 'review_widgets_check', esc_html( $check['message'] ), $check['ok'] ? 'success' : 'error' );
	return $endpoint;
}

/**
 * The server token's sanitizer: a token is kept; nothing typed keeps the one saved (the field never shows
 * it); "Forget" clears it; anything else is refused with a notice, the saved one kept.
 *
 * @param mixed $value What the form sent.
 */
function review_widgets_sanitize_server_token( $value ): string {
	$previous = (string) get_option( 'review_widgets_server_token', '' );
	// The Settings API's form carries the nonce, checked by options.php before any sanitizer runs.
	if ( ! empty( $_POST['review_widgets_server_token_forget'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Missing
		return '';
	}
	$typed = is_string( $value ) ? trim( $value ) : '';
	if ( '' === $typed ) {
		return $previous;
	}
	$token = review_widgets_token_value( $typed );
	if ( null === $token ) {
		add_settings_error(
			'review_widgets_server_token',
			'review_widgets_token',
			__( 'A server token is 32 to 256 letters, digits or . _ ~ + / = - (the same as in the proxy\'s SERVER_TOKENS). It was not saved.', 'review-widgets' )
		);
		return $previous;
	}
	return $token;
}

add_action(
	'admin_init',
	static function () {
		// Before the address: saving checks the proxy with the token just saved.
		register_setting(
			'review_widgets',
			'review_widgets_server_token',
			array(
				'type'              => 'string',
				'default'           => '',
				'sanitize_callback' => 'review_widgets_sanitize_server_token',
				'show_in_rest'      => false,
			)
		);
		register_setting(
			'review_widgets',
			'review_widgets_proxy',
			array(
				'type'              => 'string',
				'default'           => '',
				'sanitize_callback' => 'review_widgets_sanitize_proxy',
				'show_in_rest'      => false,
			)
		);
		add_settings_section( 'review_widgets_proxy_section', '', '__return_false', 'review-widgets' );
		add_settings_field(
			'review_widgets_proxy',
			__( 'Proxy address', 'review-widgets' ),
			'review_widgets_proxy_field',
			'review-widgets',
			'review_widgets_proxy_section',
			array( 'label_for' => 'review_widgets_proxy' )
		);
		add_settings_field(
			'review_widgets_server_token',
			__( 'Server token', 'review-widgets' ),
			'review_widgets_server_token_field',
			'review-widgets',
			'review_widgets_proxy_section',
			array( 'label_for' => 'review_widgets_server_token' )
		);
	}
);

/**
 * The server token field: empty (the token is never shown again), saying whether one is kept.
 */
function review_widgets_server_token_field(): void {
	if ( defined( 'REVIEW_WIDGETS_SERVER_TOKEN' ) ) {
		echo '<p>' . esc_html__( 'Set by REVIEW_WIDGETS_SERVER_TOKEN in wp-config.php.', 'review-widgets' ) . '</p>';
		return;
	}
	$kept = '' !== (string) get_option( 'review_widgets_server_token', '' );
	printf(
		'<input type="password" class="regular-text code" id="review_widgets_server_token" name="review_widgets_server_token" value="" autocomplete="off" placeholder="%s" />',
		esc_attr( $kept ? __( 'A token is kept: type a new one to replace it', 'review-widgets' ) : '' )
	);
	if ( $kept ) {
		echo ' <label><input type="checkbox" name="review_widgets_server_token_forget" value="1" /> ' . esc_html__( 'Forget it', 'review-widgets' ) . '</label>';
	}
	echo '<p class="description">' . esc_html__( 'Optional. One of the proxy\'s SERVER_TOKENS: with it, the proxy counts the pages this site renders against each visitor, not all against this server (a busy site is then never limited as one visitor). Or define REVIEW_WIDGETS_SERVER_TOKEN in wp-config.php.', 'review-widgets' ) . '</p>';
}

/**
 * The proxy's last refusal of a widget (a setting to fix), for those who can fix it: on the dashboard and
 * this plugin's settings page, until a widget renders again.
 */
function review_widgets_refusal_notice(): void {
	$refusal = get_option( REVIEW_WIDGETS_REFUSAL );
	if ( ! is_array( $refusal ) || ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
	if ( null !== $screen && ! in_array( $screen->id, array( 'dashboard', 'settings_page_review-widgets' ), true ) ) {
		return;
	}
	printf(
		'<div class="notice notice-warning review-widgets-refusal"><p><strong>%s</strong> %s</p></div>',
		esc_html__( 'Review widgets:', 'review-widgets' ),
		esc_html( (string) ( $refusal['message'] ?? '' ) )
	);
}
add_action( 'admin_notices', 'review_widgets_refusal_notice' );

/**
 * The address field.
 */
function review_widgets_proxy_field(): void {
	printf(
		'<input type="url" class="regular-text code" id="review_widgets_proxy" name="review_widgets_proxy" value="%s" placeholder="https://reviews.example.com/widget-api" />',
		esc_attr( (string) get_option( 'review_widgets_proxy', '' ) )
	);
	echo '<p class="description">' . esc_html__( 'The address of your review widgets proxy, as its configurator shows it (the widgets\' endpoint). The proxy keeps the API key; WordPress never asks for it.', 'review-widgets' ) . '</p>';
}

add_action(
	'admin_menu',
	static function () {
		add_options_page(
			__( 'Review widgets', 'review-widgets' ),
			__( 'Review widgets', 'review-widgets' ),
			'manage_options',
			'review-widgets',
			'review_widgets_settings_page'
		);
	}
);

/**
 * The settings page (Settings API: its form carries the nonce, options.php checks it and manage_options).
 */
function review_widgets_settings_page(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
	// Opened later (not just saved): how the proxy answers now.
	$endpoint = review_widgets_proxy();
	if ( null !== $endpoint && ! isset( $_GET['settings-updated'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses whether to check.
		$check = review_widgets_check( $endpoint );
		printf( '<div class="notice notice-%s review-widgets-status"><p>%s</p></div>', $check['ok'] ? 'success' : 'error', esc_html( $check['message'] ) );
	}
	echo '<p>' . esc_html__( 'Add the Reviews block to a page, or the [review_widgets] shortcode (for example [review_widgets widget="review-list" layout="carousel"]). The reviews are in the page\'s HTML; the widgets\' code comes from the proxy.', 'review-widgets' ) . '</p>';
	echo '<form action="options.php" method="post">';
	settings_fields( 'review_widgets' );
	do_settings_sections( 'review-widgets' );
	submit_button( __( 'Save and check', 'review-widgets' ) );
	echo '</form></div>';
}

add_filter(
	'plugin_action_links_' . plugin_basename( REVIEW_WIDGETS_DIR . '/review-widgets.php' ),
	static function ( array $links ): array {
		array_unshift( $links, '<a href="' . esc_url( admin_url( 'options-general.php?page=review-widgets' ) ) . '">' . esc_html__( 'Settings', 'review-widgets' ) . '</a>' );
		return $links;
	}
);
