print("impression-replay: not implemented yet")
