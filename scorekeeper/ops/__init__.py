"""Running the app: static files, backups, the addresses it advertises, trouble reports, a bounded cache."""
