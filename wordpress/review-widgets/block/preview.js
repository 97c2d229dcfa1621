// The elements' full code, for the block's preview, where the editor draws its blocks: the editor's page or
// its iframe. A plain script that imports the module named by its `code` parameter (the proxy's
// review-widgets.js): the iframe of WordPress 6.1 and 6.2 copies a script's address but not its type, which
// would run the module as a plain script.
void import(new URL(document.currentScript.src).searchParams.get('code'));
