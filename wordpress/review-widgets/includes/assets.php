<?php
/**
 * The widgets' scripts, from the proxy as the configurator's snippet loads them: the light loader on the
 * pages (a module where WordPress has wp_enqueue_script_module, 6.5+; otherwise a script tag made
 * `type="module"` through the script loader filter); the full code in the block editor for its preview is
 * the block's script there (block.php).
 *
 * @package review-widgets
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** The handles whose tags are modules. */
const REVIEW_WIDGETS_MODULES = array( 'review-widgets-loader' );

/**
 * A file of the proxy's bundle: `/dist/{file}` at the proxy's origin, where it serves it to any site.
 *
 * @param string $endpoint The proxy's address.
 * @param string $file     loader.js or review-widgets.js.
 */
function review_widgets_script_url( string $endpoint, string $file ): string {
	return review_widgets_origin( $endpoint ) . '/dist/' . $file;
}

/**
 * The loader, once a page has a widget.
 */
function review_widgets_enqueue_loader(): void {
	$endpoint = review_widgets_proxy();
	if ( null === $endpoint ) {
		return;
	}
	$src = review_widgets_script_url( $endpoint, 'loader.js' );
	if ( function_exists( 'wp_enqueue_script_module' ) ) {
		wp_enqueue_script_module( 'review-widgets-loader', $src, array(), null );
	} else {
		wp_enqueue_script( 'review-widgets-loader', $src, array(), null, true );
	}
}

add_filter(
	'script_loader_tag',
	static function ( $tag, $handle, $src ) {
		if ( ! in_array( $handle, REVIEW_WIDGETS_MODULES, true ) ) {
			return $tag;
		}
		return '<script type="module" src="' . esc_url( $src ) . '" id="' . esc_attr( $handle ) . '-js"></script>' . "\n";
	},
	10,
	3
);

// The widgets' text is the proxy's rendering: WordPress's typography filter leaves it as rendered.
add_filter(
	'no_texturize_tags',
	static function ( array $tags ): array {
		return array_merge( $tags, array_column( review_widgets_controls()['widgets'], 'tag' ) );
	}
);

add_action(
	'init',
	static function () {
		// The configurator's hold (src/configurator/hold.ts), with which the editor measures its preview.
		wp_register_script( 'review-widgets-hold', REVIEW_WIDGETS_URL . 'block/hold.js', array(), REVIEW_WIDGETS_VERSION, true );
		wp_register_script(
			'review-widgets-editor',
			REVIEW_WIDGETS_URL . 'block/editor.js',
			array( 'wp-blocks', 'wp-block-editor', 'wp-components', 'wp-element', 'wp-i18n', 'review-widgets-hold' ),
			REVIEW_WIDGETS_VERSION,
			true
		);
		wp_set_script_translations( 'review-widgets-editor', 'review-widgets', REVIEW_WIDGETS_DIR . '/languages' );
		$endpoint = review_widgets_proxy();
		wp_add_inline_script(
			'review-widgets-editor',
			'window.reviewWidgetsEditor = ' . wp_json_encode(
				array(
					'controls' => review_widgets_controls(),
					'endpoint' => $endpoint,
					'settings' => admin_url( 'options-general.php?page=review-widgets' ),
				)
			) . ';',
			'before'
		);
	}
);
