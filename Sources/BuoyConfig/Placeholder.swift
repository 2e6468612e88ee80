import BuoyCore
