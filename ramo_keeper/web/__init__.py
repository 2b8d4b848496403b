"""What the pages and the API share: rendering, forms, access checks, pagination, ids in paths,
JSON errors, streamed downloads and charts."""
