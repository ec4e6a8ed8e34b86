"""HTTP views: they translate requests and delegate to the library, nothing more."""
