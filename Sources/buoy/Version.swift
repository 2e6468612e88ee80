let buoyVersion = "0.1.0"
