print("pointer")
