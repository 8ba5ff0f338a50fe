// The Migration module. Its files are added by the issue that builds it.
