print("tracking-collector: not implemented yet")
