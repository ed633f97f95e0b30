import { describe, expect, it } from "vitest";
import { EMPTY_CONTACT } from "./contact-fields";
import { validateContact } from "./contact-submit";

describe("validateContact", () => {
  it("gives the docs/product.md messages for the three required fields", () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      zipCode: "Zip code must be at least 5 characters",
    });
  });

  it("accepts a form with only the required fields", () => {
    expect(validateContact({ ...EMPTY_CONTACT, name: "Jo", email: "jo@example.com", zipCode: "28801" })).toEqual({});
  });

  it("checks the lengths after trimming", () => {
    expect(validateContact({ ...EMPTY_CONTACT, name: " J ", email: "jo@example.com", zipCode: "2880 " })).toEqual({
      name: "Name must be at least 2 characters",
      zipCode: "Zip code must be at least 5 characters",
    });
  });
});
