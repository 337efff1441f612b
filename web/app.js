// The web app (placeholder).
