"""Front-end helpers shared by terminal play (and later the web UI): describing
actions and rendering a player's view."""
