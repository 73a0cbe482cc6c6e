import PostgresNIO
import WebRouter
print("placeholder")
