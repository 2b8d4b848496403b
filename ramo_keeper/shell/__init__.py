"""The web shell around the features: it wires their blueprints into the app, and adds the home
page, the security headers, the installable app, the template helpers and the catalogues."""
