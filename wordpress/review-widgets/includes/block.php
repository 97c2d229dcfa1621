<?php
/**
 * The Reviews block (block/block.json, its controls from controls.json) and the [review_widgets] shortcode:
 * both render the widget through the proxy's fragment route (render.php).
 *
 * @package review-widgets
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

add_action(
	'init',
	static function () {
		// In the editor, the block's script loads the elements' full code from the proxy (block/preview.js)
		// for the preview: WordPress loads a block's script where the editor draws its blocks, the editor's
		// page (the post editor to 6.2) or its iframe (the site editor; from 6.3 the post editor too, through
		// enqueue_block_assets). Not on the site's pages: there the loader comes alone (render.php).
		$endpoint = review_widgets_proxy();
		$preview  = is_admin() && null !== $endpoint;
		if ( $preview ) {
			$code = add_query_arg( 'code', rawurlencode( review_widgets_script_url( $endpoint, 'review-widgets.js' ) ), REVIEW_WIDGETS_URL . 'block/preview.js' );
			wp_register_script( 'review-widgets-code', $code, array(), REVIEW_WIDGETS_VERSION, true );
		}
		register_block_type(
			REVIEW_WIDGETS_DIR . '/block',
			array( 'render_callback' => 'review_widgets_render_block' ) + ( $preview ? array( 'script_handles' => array( 'review-widgets-code' ) ) : array() )
		);
		add_shortcode( 'review_widgets', 'review_widgets_shortcode' );
	}
);

/**
 * The block's HTML: the widget in a wrapper carrying the block's classes (alignment).
 *
 * @param array $attributes The block's attributes: `widget`, `settings`, and `hold` (the space the editor
 *                          measured, held while the widget waits for the loader).
 */
function review_widgets_render_block( array $attributes ): string {
	$tag      = is_string( $attributes['widget'] ?? null ) ? $attributes['widget'] : 'review-list';
	$settings = is_array( $attributes['settings'] ?? null ) ? $attributes['settings'] : array();
	$html     = review_widgets_render( $tag, $settings, $attributes['hold'] ?? null );
	return '' === $html ? '' : '<div ' . get_block_wrapper_attributes() . '>' . $html . '</div>';
}

/**
 * `[review_widgets widget="review-list" layout="carousel" …]`: the widget's attributes as the elements
 * name them; unknown ones, and values a control would not take, are left out.
 *
 * @param array|string $attributes The shortcode's attributes.
 */
function review_widgets_shortcode( $attributes ): string {
	$attributes = is_array( $attributes ) ? $attributes : array();
	$tag        = is_string( $attributes['widget'] ?? null ) ? $attributes['widget'] : 'review-list';
	unset( $attributes['widget'] );
	return review_widgets_render( $tag, $attributes );
}
