print("buoy")
